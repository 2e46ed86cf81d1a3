CREATE TABLE `audit_event` (
	`audit_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`account_id` integer,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` integer,
	`fields` text NOT NULL,
	`route` text NOT NULL,
	`detail` text,
	`source_event_id` text
);
--> statement-breakpoint
CREATE INDEX `audit_event_account_idx` ON `audit_event` (`account_id`,`audit_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `audit_event_source_event_unique` ON `audit_event` (`source_event_id`);--> statement-breakpoint
ALTER TABLE `person` ADD `sumsub_review_at` text;