package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * UpdateTimeToLive and DescribeTimeToLive. (DynamoDB allows one change of a table's TTL setting per hour, so each case
 * changes it at most once.)
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTimeToLive.html">
 *     UpdateTimeToLive</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTimeToLive.html">
 *     DescribeTimeToLive</a>
 */
class TimeToLiveConformanceTest {
    private static ConformanceTables tables;

    @BeforeAll
    static void connect() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // A new table's TTL is DISABLED.
    @Test
    void describeTimeToLive_shouldReportDisabledOnNewTable() {
        String table = tables.hashTable("ttlnew");

        TimeToLiveDescription description =
                tables.dynamo().describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription();

        assertThat(description.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.DISABLED);
        assertThat(description.attributeName()).isNull();
    }

    // Enabling TTL answers with the specification; DescribeTimeToLive then reports ENABLING or ENABLED on the
    // attribute.
    @Test
    void updateTimeToLive_shouldEnableOnAttribute() {
        String table = tables.hashTable("ttlon");

        TimeToLiveSpecification answer = tables.dynamo()
                .updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(enabled("expires")))
                .timeToLiveSpecification();

        assertThat(answer.enabled()).isTrue();
        assertThat(answer.attributeName()).isEqualTo("expires");
        TimeToLiveDescription description =
                tables.dynamo().describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription();
        assertThat(description.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLING, TimeToLiveStatus.ENABLED);
        assertThat(description.attributeName()).isEqualTo("expires");
    }

    // Enabling TTL on a table where it is already enabled is refused.
    @Test
    void updateTimeToLive_shouldRefuseEnablingTwice() {
        String table = tables.hashTable("ttltwice");
        tables.dynamo().updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(enabled("expires")));

        assertValidation(
                () -> tables.dynamo()
                        .updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(enabled("expires"))),
                "TimeToLive is already enabled");
    }

    // Disabling TTL where it is not enabled is refused.
    @Test
    void updateTimeToLive_shouldRefuseDisablingWhenNotEnabled() {
        String table = tables.hashTable("ttloff");

        assertValidation(() -> tables.dynamo().updateTimeToLive(b -> b.tableName(table)
                .timeToLiveSpecification(TimeToLiveSpecification.builder()
                        .enabled(false)
                        .attributeName("expires")
                        .build())));
    }

    // UpdateTimeToLive and DescribeTimeToLive of a missing table: ResourceNotFoundException.
    @Test
    void timeToLive_shouldRefuseMissingTable() {
        String missing = ConformanceEndpoint.tableName("missing");

        assertRefused(
                () -> tables.dynamo().describeTimeToLive(b -> b.tableName(missing)),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
        assertRefused(
                () -> tables.dynamo()
                        .updateTimeToLive(b -> b.tableName(missing).timeToLiveSpecification(enabled("expires"))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // The TTL attribute name is 1 to 255 characters.
    @Test
    void updateTimeToLive_shouldRefuseEmptyAttributeName() {
        String table = tables.hashTable("ttlempty");

        assertValidation(
                () -> tables.dynamo().updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(enabled(""))));
    }

    private static TimeToLiveSpecification enabled(String attribute) {
        return TimeToLiveSpecification.builder()
                .enabled(true)
                .attributeName(attribute)
                .build();
    }
}
