ALTER TABLE `notification` ADD `person_id` integer REFERENCES person(person_id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `notification_person_idx` ON `notification` (`person_id`);