CREATE TABLE "password_reset_mail" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mails" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_mail" ADD CONSTRAINT "password_reset_mail_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;