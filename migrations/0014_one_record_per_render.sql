-- One kind of record for every rendered file (docs/decisions/0013-one-record-per-render.md): the
-- request's own render moves from image_requests into conversions (flow 'single', with the download
-- step's other formats, which were 'other'); image_requests keeps what the user asked.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_conversions` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`format_id` integer NOT NULL,
	`mode` text DEFAULT 'standard' NOT NULL,
	`flow` text DEFAULT 'single' NOT NULL,
	`identity` text,
	`status` text DEFAULT 'processing' NOT NULL,
	`output_key` text,
	`output_size` integer,
	`output_choice` text DEFAULT 'auto' NOT NULL,
	`quality` integer DEFAULT 82 NOT NULL,
	`fill` text,
	`focus` text,
	`output_type` text,
	`output_quality` integer,
	`render_id` text,
	`rendered_flow` text,
	`framing` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `image_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_conversions`("id", "request_id", "format_id", "mode", "flow", "identity", "status", "output_key", "output_size", "output_choice", "quality", "fill", "focus", "output_type", "output_quality", "render_id", "rendered_flow", "framing", "error", "attempts", "created_at", "updated_at")
SELECT "id", "request_id", "format_id", "mode", CASE "flow" WHEN 'other' THEN 'single' ELSE "flow" END, NULL, "status", "output_key", "output_size", "output_choice", "quality", "fill", "focus", "output_type", "output_quality", "render_id", CASE "rendered_flow" WHEN 'other' THEN 'single' ELSE "rendered_flow" END, "framing", "error", "attempts", "created_at", "updated_at" FROM `conversions`;--> statement-breakpoint
DROP TABLE `conversions`;--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_request_format_unique` ON `__new_conversions` (`request_id`,`format_id`);--> statement-breakpoint
-- The request's own render, where one was made; a finished one takes the place of a batch's render of
-- the same format, an unfinished one leaves the batch's.
INSERT INTO `__new_conversions`("id", "request_id", "format_id", "mode", "flow", "status", "output_key", "output_size", "output_choice", "quality", "fill", "output_type", "output_quality", "render_id", "rendered_flow", "framing", "error", "attempts", "created_at", "updated_at")
SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-a' || substr(h, 18, 3) || '-' || substr(h, 21, 12),
  "id", "format_id", 'standard', 'single', "status", "output_key", "output_size", "output_choice", "quality", "fill", "output_type", "output_quality", "render_id",
  CASE "status" WHEN 'complete' THEN 'single' END, CASE "status" WHEN 'complete' THEN 'request' END, "error", 0, "created_at", "updated_at"
FROM (SELECT *, lower(hex(randomblob(16))) AS h FROM `image_requests`) WHERE "status" != 'pending'
ON CONFLICT ("request_id", "format_id") DO UPDATE SET
  "flow" = excluded."flow", "mode" = excluded."mode", "identity" = NULL, "attempts" = 0, "status" = excluded."status", "output_key" = excluded."output_key", "output_size" = excluded."output_size",
  "output_choice" = excluded."output_choice", "quality" = excluded."quality", "fill" = excluded."fill", "focus" = NULL,
  "output_type" = excluded."output_type", "output_quality" = excluded."output_quality", "render_id" = excluded."render_id",
  "rendered_flow" = excluded."rendered_flow", "framing" = excluded."framing", "error" = excluded."error", "updated_at" = excluded."updated_at"
WHERE excluded."status" = 'complete';--> statement-breakpoint
ALTER TABLE `__new_conversions` RENAME TO `conversions`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `output_key`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `output_size`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `output_type`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `output_quality`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `render_id`;--> statement-breakpoint
ALTER TABLE `image_requests` DROP COLUMN `error`;
