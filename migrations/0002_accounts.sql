CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_key_at_idx` ON `login_failures` (`key`,`at`);--> statement-breakpoint
ALTER TABLE `image_requests` ADD `acquired_at` integer;