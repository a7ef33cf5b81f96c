package io.entitytable.local.pump;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.StreamTrigger;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deployed filter patterns, evaluated by Event Ruler as Lambda does, on records of items the API writes. */
class StreamFilterTest {
    @Test
    void filterPatterns_shouldKeepRequestCountsFromTheFanoutAndTheIndexer_andPassCoreItems() {
        // GIVEN the first count of a business's second and a later one, and a business's core item
        String business = "01JD8X3K5Q7Y2M4N6P8R0T2V4W";
        String counted = record("INSERT", null, rateImage(business, 1));
        String countedAgain = record("MODIFY", rateImage(business, 1), rateImage(business, 2));
        String core = record(
                "INSERT",
                null,
                "{\"id\":{\"S\":\"" + business + "\"},\"type\":{\"S\":\"" + Keys.BUSINESS_TYPE
                        + "\"},\"kind\":{\"S\":\"" + ItemKind.CORE.value() + "\"}}");

        for (StreamTrigger trigger : List.of(StreamTrigger.DEFAULT, StreamTrigger.SEARCH_INDEXER)) {
            // WHEN
            StreamFilter filter = new StreamFilter(trigger.filterPatterns());

            // THEN
            assertThat(filter.passes(counted)).isFalse();
            assertThat(filter.passes(countedAgain)).isFalse();
            assertThat(filter.passes(core)).isTrue();
        }
    }

    private static String rateImage(String business, int tokens) {
        return "{\"id\":{\"S\":\"" + Keys.businessRateId(business) + "\"},\"type\":{\"S\":\"" + Keys.RATE_TYPE
                + "\"},\"kind\":{\"S\":\"" + ItemKind.RATE.value() + "\"},\"" + Attributes.RATE_GRANTED_UNTIL
                + "\":{\"N\":\"" + (1_767_225_600_000_000L + tokens * 20_000L) + "\"}}";
    }

    private static String record(String eventName, String oldImage, String newImage) {
        return "{\"eventName\":\"" + eventName + "\",\"eventSource\":\"aws:dynamodb\",\"dynamodb\":{"
                + (oldImage == null ? "" : "\"OldImage\":" + oldImage + ",") + "\"NewImage\":" + newImage + "}}";
    }
}
