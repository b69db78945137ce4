-- ALIAS's type number moves past the 16 bits of a wire type, so that TYPE65300 (private use) is its own type.
UPDATE "rrsets" SET "type_code" = 65536 WHERE "type" = 'ALIAS';
