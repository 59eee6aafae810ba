-- What a request is made for: the single tool's own framing, or a fan-out's base with no file of its own (shared/schemas.ts, REQUEST_PURPOSES).
ALTER TABLE `image_requests` ADD `purpose` text DEFAULT 'single' NOT NULL;--> statement-breakpoint
-- A request that only fan-outs have rendered (no single-tool file of its own format) was made by the adjusters or a batch.
UPDATE `image_requests` SET `purpose` = 'fan-out'
WHERE EXISTS (SELECT 1 FROM `conversions` c WHERE c.`request_id` = `image_requests`.`id` AND c.`flow` <> 'single')
  AND NOT EXISTS (SELECT 1 FROM `conversions` c WHERE c.`request_id` = `image_requests`.`id` AND c.`flow` = 'single');
