ALTER TABLE `conversions` ADD `output_choice` text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE `conversions` ADD `quality` integer DEFAULT 82 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversions` ADD `output_type` text;--> statement-breakpoint
ALTER TABLE `conversions` ADD `output_quality` integer;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `output_choice` text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `quality` integer DEFAULT 82 NOT NULL;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `output_type` text;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `output_quality` integer;