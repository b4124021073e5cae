-- Undeliverable addresses (docs/product/rules.md#undeliverable-addresses): when the receiving mail
-- server refuses a member's address for good (an SMTP 5xx reply to it), the time of that first
-- refusal and its reply code. Both NULL while mail is delivered, and again once the member proves
-- the address. The scheduler sends nothing but a sign-in e-mail to a marked address.
ALTER TABLE members
  ADD COLUMN email_undeliverable_at   timestamptz,
  ADD COLUMN email_undeliverable_code smallint CHECK (email_undeliverable_code BETWEEN 500 AND 599),
  ADD CONSTRAINT members_email_undeliverable_both
    CHECK ((email_undeliverable_at IS NULL) = (email_undeliverable_code IS NULL));
