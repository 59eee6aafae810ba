-- What the face and text detectors found, kept with the upload; the user's own crop of one target and the crop each file was rendered from (docs/decisions/0014-detection.md).
ALTER TABLE `conversions` ADD `hand_crop` text;--> statement-breakpoint
ALTER TABLE `conversions` ADD `rendered_crop` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `detection` text;