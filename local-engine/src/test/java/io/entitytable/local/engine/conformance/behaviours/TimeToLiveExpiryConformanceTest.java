package io.entitytable.local.engine.conformance.behaviours;

import static io.entitytable.local.engine.conformance.behaviours.BehaviourTarget.within;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.streams.StreamReader;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Time to live: once it is enabled on an attribute, DynamoDB deletes an item whose attribute is a Number of epoch
 * seconds in the past (not one without the attribute, nor one where it is not a Number, nor one more than five years in
 * the past), at no cost; the deletion shows in the table's stream as a REMOVE record whose {@code userIdentity} is
 * {@code {"type": "Service", "principalId": "dynamodb.amazonaws.com"}}. DynamoDB deletes expired items within a few
 * days, so the case runs on the local engine, whose sweeper it runs at once.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/howitworks-ttl.html">Time to live:
 *     how it works</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/time-to-live-ttl-streams.html">DynamoDB
 *     Streams and Time to Live</a>
 */
class TimeToLiveExpiryConformanceTest {
    private static final long HOUR = 3600;

    private static final long SIX_YEARS = 6 * 365 * 24 * HOUR;

    static Stream<BehaviourCheck> checks() {
        return Stream.of(BehaviourCheck.local(
                "An item whose TTL attribute is a past epoch-seconds Number is deleted, with a REMOVE stream record"
                        + " by the Service dynamodb.amazonaws.com; one without the attribute, of another type, in the"
                        + " future or over five years past stays",
                Behaviour.TIME_TO_LIVE,
                BehaviourTarget.DYNAMODB_LIKE,
                "runs the expiry sweeper now (EngineControl.sweepExpiredItems): DynamoDB takes up to days",
                TimeToLiveExpiryConformanceTest::expiredItemsDeleted));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void timeToLive_shouldDeleteExpiredItems(BehaviourCheck check) throws Exception {
        check.runWithBehaviourOn();
    }

    static void expiredItemsDeleted(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        TableDescription table = target.tables().streamTable("ttlexpiry", StreamViewType.NEW_AND_OLD_IMAGES);
        String name = table.tableName();
        dynamo.updateTimeToLive(b ->
                b.tableName(name).timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
        long now = System.currentTimeMillis() / 1000;
        put(dynamo, name, item("pk", "expired", "expiresAt", now - 60));
        put(dynamo, name, item("pk", "future", "expiresAt", now + HOUR));
        put(dynamo, name, item("pk", "ancient", "expiresAt", now - SIX_YEARS));
        put(dynamo, name, item("pk", "text", "expiresAt", s(Long.toString(now - 60))));
        put(dynamo, name, item("pk", "none"));

        target.sweepExpiredItems();

        within(target.patience(), "the expired item deleted", () -> exists(dynamo, name, "expired") ? null : true);
        for (String staying : List.of("future", "ancient", "text", "none")) {
            assertThat(exists(dynamo, name, staying)).as("item " + staying).isTrue();
        }
        StreamReader streams = target.streams();
        List<Record> removes =
                streams.await(table.latestStreamArn(), record -> record.eventName() == OperationType.REMOVE, 1);
        assertThat(removes).hasSize(1);
        Record remove = removes.get(0);
        assertThat(remove.dynamodb().keys()).isEqualTo(item("pk", "expired"));
        assertThat(remove.dynamodb().oldImage()).containsEntry("pk", s("expired"));
        assertThat(remove.userIdentity()).as("the REMOVE record's userIdentity").isNotNull();
        assertThat(remove.userIdentity().type()).isEqualTo("Service");
        assertThat(remove.userIdentity().principalId()).isEqualTo("dynamodb.amazonaws.com");
    }

    private static void put(DynamoDbClient dynamo, String table, Map<String, AttributeValue> item) {
        dynamo.putItem(b -> b.tableName(table).item(item));
    }

    private static boolean exists(DynamoDbClient dynamo, String table, String pk) {
        return !dynamo.getItem(b -> b.tableName(table).key(item("pk", pk)).consistentRead(true))
                .item()
                .isEmpty();
    }
}
