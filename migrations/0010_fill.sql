ALTER TABLE `conversions` ADD `fill` text;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `fill` text;