package io.entitytable.search.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The dead-letter queue against a real SQS API (ElasticMQ in this JVM, as the local runtime runs it). */
class SqsDeadLettersTest {

    @Test
    void sendAll_shouldPutEveryLetterOnTheQueue_inBatchesOfTen() {
        try (LocalQueue queue = new LocalQueue("search-dead-letters")) {
            // GIVEN 12 letters (two SQS batches)
            List<DeadLetter> letters = IntStream.range(0, 12)
                    .mapToObj(i -> new DeadLetter(
                            Integer.toString(1000 + i),
                            "INSERT",
                            "item-" + i,
                            "customer",
                            (long) i,
                            "400 mapper_parsing_exception"))
                    .toList();

            // WHEN
            queue.deadLetters().sendAll(letters);

            // THEN
            List<String> bodies = queue.receive(12);
            assertThat(bodies).hasSize(12);
            assertThat(bodies).anySatisfy(body -> assertThat(body)
                    .contains("\"sequenceNumber\":\"1011\"")
                    .contains("\"reason\":\"400 mapper_parsing_exception\""));
        }
    }
}
