-- Each file checked against its format's rules after its render, read back from its bytes (docs/decisions/0016-file-check.md).
ALTER TABLE `conversions` ADD `file_check` text;