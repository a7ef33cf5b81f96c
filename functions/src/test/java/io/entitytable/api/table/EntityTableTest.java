package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.TestBusinesses;
import io.entitytable.api.TestCustomers;
import io.entitytable.local.dynamodb.RenameHalfApplied;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the API finds a subject's live core item on a real table (the local DynamoDB engine in this JVM). */
class EntityTableTest {
    private static InMemoryEntityTable local;
    private static EntityTable table;
    private static CoreWrites writes;

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
        table = local.table();
        writes = new CoreWrites(table);
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    @Test
    void findCore_shouldFindTheCustomer_whenItsQueryMeetsARenameHalfApplied() {
        // GIVEN a customer whose rename (Delete old key + Put new key) the engine holds half applied
        DeclaredItem customer = customer();
        Map<String, AttributeValue> current =
                table.findCore(Entity.CUSTOMER, customer.id()).orElseThrow();
        DeclaredItem renamed =
                customer.with(Map.of(Attributes.LAST_NAME, "Byron")).withVersion(2, Instant.now());
        AtomicReference<Optional<Map<String, AttributeValue>>> found = new AtomicReference<>();

        // WHEN the API reads it meanwhile
        long queriesMidRename = RenameHalfApplied.during(
                local.engine(),
                () -> writes.replace(current, renamed.toItem()),
                () -> found.set(table.findCore(Entity.CUSTOMER, customer.id())));

        // THEN the read that saw neither key asked again and found the new one, rather than answer "not found"
        assertThat(queriesMidRename).isPositive();
        assertThat(found.get())
                .hasValueSatisfying(item -> assertThat(TestCustomers.lastName(TestCustomers.customerFrom(item)))
                        .isEqualTo("Byron"));
    }

    @Test
    void findCore_shouldBeEmpty_whenTheCustomerWasDeleted() {
        // GIVEN a deleted customer (its delete leaves a tombstone)
        DeclaredItem customer = customer();
        Map<String, AttributeValue> current =
                table.findCore(Entity.CUSTOMER, customer.id()).orElseThrow();
        writes.delete(
                Deletion.of(current)
                        .uncountingOnBusiness(Values.string(current, Attributes.BUSINESS_ID))
                        .build(),
                Optional.empty());

        // WHEN / THEN
        assertThat(table.findCore(Entity.CUSTOMER, customer.id())).isEmpty();
    }

    @Test
    void findCore_shouldBeEmpty_whenTheIdNeverExisted() {
        assertThat(table.findCore(Entity.STORE, Ids.newId())).isEmpty();
        assertThat(table.findCore(Entity.ORDER, Ids.newId())).isEmpty();
    }

    private static DeclaredItem customer() {
        Instant now = Instant.now();
        DeclaredItem business = TestBusinesses.business(Ids.newId(), "Reads", CoreFields.created(Set.of(), now));
        writes.createBusiness(business.toItem(), Optional.empty());
        String customerId = Ids.newId();
        DeclaredItem customer = TestCustomers.customer(
                customerId,
                business.id(),
                "Ada",
                "Lovelace",
                null,
                Map.of(),
                Set.of(),
                CoreFields.created(Set.of(), now),
                Shard.legacy(customerId));
        writes.createChild(business.id(), List.of(customer.toItem()), Optional.empty());
        return customer;
    }
}
