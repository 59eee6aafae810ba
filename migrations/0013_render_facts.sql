-- What made each rendered file, written with its key by the render that made it (docs/decisions/0012-render-facts.md).
-- Files rendered before this have no facts: the pixel door treats them by the request rule (fails closed).
ALTER TABLE `conversions` ADD `render_id` text;--> statement-breakpoint
ALTER TABLE `conversions` ADD `rendered_flow` text;--> statement-breakpoint
ALTER TABLE `conversions` ADD `framing` text;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `render_id` text;--> statement-breakpoint
UPDATE `conversions` SET `render_id` = lower(hex(randomblob(16)));--> statement-breakpoint
UPDATE `image_requests` SET `render_id` = lower(hex(randomblob(16)));
