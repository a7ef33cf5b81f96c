package io.entitytable.transfer;

/** What an export wrote to its file, or an import to its table: one business's subjects and items. */
record Transferred(String businessId, Tally tally) {}
