CREATE TABLE "pending_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"started" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
