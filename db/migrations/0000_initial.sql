CREATE TABLE `account` (
	`account_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`primary_account_holder` integer,
	`ria_primary_goal` text,
	`ria_risk_score` integer,
	`ria_loss_capacity_percent` real,
	`ria_time_horizon_years` text,
	`ria_liquidity_needs` text,
	`ria_federal_effective_tax_rate` text,
	`ria_state` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`primary_account_holder`) REFERENCES `person`(`person_id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`ria_primary_goal`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ria_time_horizon_years`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ria_liquidity_needs`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ria_federal_effective_tax_rate`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ria_state`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_user_id_unique` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `enum_item` (
	`enum_id` text PRIMARY KEY NOT NULL,
	`enum_label` text NOT NULL,
	`enum_category` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `enum_item_category_idx` ON `enum_item` (`enum_category`,`sort_order`);--> statement-breakpoint
CREATE TABLE `notification` (
	`notification_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`created_at` text NOT NULL,
	`read_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_account_created_idx` ON `notification` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `organization` (
	`organization_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`strategy_id` integer NOT NULL,
	`name_1` text NOT NULL,
	`name_2` text NOT NULL,
	`registered_state` text,
	`itg_as_registered_agent` integer DEFAULT false NOT NULL,
	`activity_is_investment` integer DEFAULT false NOT NULL,
	`donor_advised_fund` text,
	`custodian` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`strategy_id`) REFERENCES `strategy`(`strategy_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registered_state`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`custodian`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_strategy_unique` ON `organization` (`strategy_id`);--> statement-breakpoint
CREATE TABLE `organization_user` (
	`organization_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`primary_holder` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `person_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organization`(`organization_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `person`(`person_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `organization_user_person_idx` ON `organization_user` (`person_id`);--> statement-breakpoint
CREATE TABLE `person` (
	`person_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`account_primary_holder` integer DEFAULT false NOT NULL,
	`is_addon` integer DEFAULT false NOT NULL,
	`email` text,
	`first_name` text,
	`last_name` text,
	`dob` text,
	`ssn_encrypted` text,
	`ssn_last4` text,
	`phone` text,
	`address_line1` text,
	`address_line2` text,
	`city` text,
	`state` text,
	`zip` text,
	`marital_status` text,
	`sumsub_applicant_id` text,
	`sumsub_completed_at` text,
	`sumsub_review_answer` text,
	`sumsub_email_sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`account_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`state`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`marital_status`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `person_account_idx` ON `person` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `person_account_email_unique` ON `person` (`account_id`,lower("email"));--> statement-breakpoint
CREATE INDEX `person_sumsub_applicant_idx` ON `person` (`sumsub_applicant_id`);--> statement-breakpoint
CREATE TABLE `strategy` (
	`strategy_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`strategy_type` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`entry_completed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`account_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`strategy_type`) REFERENCES `enum_item`(`enum_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `strategy_account_idx` ON `strategy` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `strategy_one_founder_per_account` ON `strategy` (`account_id`) WHERE "strategy"."strategy_type" = 'strategy_type_founder';