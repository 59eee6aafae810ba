ALTER TABLE `conversions` ADD `output_size` integer;--> statement-breakpoint
ALTER TABLE `image_requests` ADD `output_size` integer;