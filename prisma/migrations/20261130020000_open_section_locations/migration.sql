-- Issue 20, decision 0055: an open section's lines carry their section and door.
-- Lines written before then got `location.section` from the ticket's free text
-- (usually null) and `door: null`; give them the name and the door of the OPEN
-- section their ticket sells (the first by position), so order pages, the door
-- check and re-sent tickets e-mails show them. Lines that already have a door, and
-- tickets without an open section, are left alone. Running it twice changes nothing.
WITH open_sections AS (
  SELECT DISTINCT ON (ticket_id) ticket_id, name, door
    FROM sections
   WHERE type = 'OPEN' AND ticket_id IS NOT NULL
   ORDER BY ticket_id, position, id
)
UPDATE order_items AS i
   SET location = jsonb_build_object('section', s.name, 'row', NULL, 'seat', NULL, 'door', s.door)
  FROM open_sections AS s
 WHERE i.ticket_id = s.ticket_id
   AND i.ticket_type = 'VENUE_OPEN'
   AND i.seat_id IS NULL
   AND (i.location IS NULL OR i.location ->> 'door' IS NULL);

WITH open_sections AS (
  SELECT DISTINCT ON (ticket_id) ticket_id, name, door
    FROM sections
   WHERE type = 'OPEN' AND ticket_id IS NOT NULL
   ORDER BY ticket_id, position, id
)
UPDATE cart_items AS i
   SET location = jsonb_build_object('section', s.name, 'row', NULL, 'seat', NULL, 'door', s.door)
  FROM open_sections AS s
 WHERE i.ticket_id = s.ticket_id
   AND i.ticket_type = 'VENUE_OPEN'
   AND i.seat_id IS NULL
   AND (i.location IS NULL OR i.location ->> 'door' IS NULL);
