package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The dead letter's body: what an operator reads off the queue. */
class DeadLetterTest {

    @Test
    void toJson_shouldWriteEveryField_inOrder_nullsIncluded() {
        // GIVEN a letter of a record whose image could not be read (no item id, entity or version)
        DeadLetter letter = new DeadLetter("4200", "MODIFY", null, null, null, "unreadable record");

        // WHEN
        String json = letter.toJson();

        // THEN
        assertThat(json)
                .isEqualTo("{\"sequenceNumber\":\"4200\",\"eventName\":\"MODIFY\",\"itemId\":null,\"entity\":null,"
                        + "\"version\":null,\"reason\":\"unreadable record\"}");
    }
}
