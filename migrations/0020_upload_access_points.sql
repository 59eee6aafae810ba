-- A baseline JPEG's access points, made by its detection's whole decode: renders start a region's decode near it (docs/decisions/0025-jpeg-access-points.md).
ALTER TABLE `uploads` ADD `access_points` text;
