package io.entitytable.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.SqsEventJson;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.Message;

/** Which jobs the console lists: the subjects of the messages the queue pump hands the refresh worker. */
class JobWatchTest {
    private static final String STORE = "01M89SD1B2RMVHPRHX8PEPNCN7";
    private static final String BUSINESS = "01M89SCZYZDAT58XXRFSHH153W";

    @Test
    void invoke_shouldHandTheEventOn_andRememberEachMessagesJob_mostRecentFirst() {
        // GIVEN a worker that records what it is given
        List<String> delivered = new ArrayList<>();
        JobWatch watch = new JobWatch(event -> {
            delivered.add(event);
            return InvocationResult.success("{\"batchItemFailures\":[]}");
        });
        String storeSegment = event(RefreshMessage.segment("store#" + STORE, 2, 0, 4, "a", "m"));
        String eraseSegment = event(RefreshMessage.eraseSegment("business#" + BUSINESS, 1, 3, 4, "children"));

        // WHEN the pump delivers a store's segment, then a business's erase segment
        InvocationResult first = watch.invoke(storeSegment);
        watch.invoke(eraseSegment);

        // THEN the worker got both events as they were, and its answer came back
        assertThat(delivered).containsExactly(storeSegment, eraseSegment);
        assertThat(first.functionError()).isFalse();
        // AND the console lists the erase first, then the store's refresh job, each by its job item
        assertThat(watch.seen())
                .extracting(JobWatch.SeenJob::subject, JobWatch.SeenJob::jobItem)
                .containsExactly(
                        tuple("business#" + BUSINESS, EraseJob.keyOf(BUSINESS)),
                        tuple("store#" + STORE, RefreshJob.keyOf(STORE)));
    }

    @Test
    void subjects_shouldSkipWhatIsNotARefreshMessage_andRememberNoMoreThanTheLastJobs() {
        // GIVEN a body that is no refresh message, and more jobs than the list keeps
        assertThat(JobWatch.subjects(event("{\"nothing\":true}"))).isEmpty();
        assertThat(JobWatch.subjects("not json")).isEmpty();
        JobWatch watch = new JobWatch(event -> InvocationResult.success("{}"));
        for (int i = 0; i < JobWatch.KEPT + 5; i++) {
            String store = STORE.substring(0, 24) + String.format("%02d", i);
            watch.invoke(event(RefreshMessage.restartOf(Keys.subjectRef(Entity.STORE, store))));
        }

        // THEN only the last KEPT are listed
        assertThat(watch.seen()).hasSize(JobWatch.KEPT);
    }

    private static String event(RefreshMessage message) {
        return event(message.toJson());
    }

    private static String event(String body) {
        Message message =
                Message.builder().messageId("m-" + body.hashCode()).body(body).build();
        return SqsEventJson.of(
                List.of(message), "arn:aws:sqs:us-east-1:000000000000:entity-table-refresh", "us-east-1");
    }
}
