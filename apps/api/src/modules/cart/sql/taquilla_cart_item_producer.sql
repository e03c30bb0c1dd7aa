-- taquilla_cart_item_producer: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- Every writer of a line gets the same rule: the line's producer is derived
-- from its show (whatever the writer sent), and the cart becomes that
-- producer's when it holds no line of another one (empty, or never had a
-- producer). When it does hold one, the cart is left alone and the foreign key
-- above refuses the line at the end of the statement.
CREATE OR REPLACE FUNCTION taquilla_cart_item_producer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(p.producer_id, s.producer_id) INTO NEW.producer_id
    FROM shows s LEFT JOIN shows p ON p.id = s.parent_show_id
   WHERE s.id = NEW.show_id;
  UPDATE carts c SET producer_id = NEW.producer_id
   WHERE c.id = NEW.cart_id
     AND c.producer_id IS DISTINCT FROM NEW.producer_id
     AND NOT EXISTS (SELECT 1 FROM cart_items i
                      WHERE i.cart_id = NEW.cart_id AND i.producer_id <> NEW.producer_id);
  RETURN NEW;
END
$$;
