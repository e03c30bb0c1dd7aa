-- Live control (docs/decisions/0024-live-control.md): what a show's players show
-- now, for players that join late. One row per show, replaced by each event that
-- changes it; `issues` never does (players ignore it), so it is never stored here.

-- CreateEnum
CREATE TYPE "ShowEventStatus" AS ENUM ('start', 'restart', 'issues', 'curtain', 'end');

-- CreateTable
CREATE TABLE "show_live_states" (
    "show_id" UUID NOT NULL,
    "status" "ShowEventStatus" NOT NULL,
    "metadata" JSONB,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "show_live_states_pkey" PRIMARY KEY ("show_id")
);

-- AddForeignKey
ALTER TABLE "show_live_states" ADD CONSTRAINT "show_live_states_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "shows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules Prisma cannot express: players ignore issues, and only a curtain has content.
ALTER TABLE "show_live_states"
    ADD CONSTRAINT "show_live_states_not_issues" CHECK ("status" <> 'issues'),
    ADD CONSTRAINT "show_live_states_metadata_only_curtain"
        CHECK (("status" = 'curtain') = ("metadata" IS NOT NULL));
