ALTER TABLE `person` ADD `identity_changed_at` text;--> statement-breakpoint
ALTER TABLE `person` ADD `sumsub_check_id` text;--> statement-breakpoint
ALTER TABLE `person` ADD `sumsub_check_started_at` text;