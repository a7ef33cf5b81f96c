package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.storage.MemoryStorage;
import io.entitytable.local.engine.storage.Storage;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** An engine driven with JSON requests, written with single quotes for brevity; its clock can be moved. */
final class EngineFixture {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    final MovableClock clock = new MovableClock(Instant.parse("2024-05-01T10:00:00Z"));
    final Engine engine;

    EngineFixture() {
        this(new MemoryStorage());
    }

    EngineFixture(Storage storage) {
        this.engine = new Engine(storage, clock);
    }

    EngineFixture(EngineSettings settings) {
        this(new MemoryStorage(), settings);
    }

    EngineFixture(Storage storage, EngineSettings settings) {
        this.engine = new Engine(storage, clock, settings);
    }

    /** Polls {@code condition} until it holds, failing after {@code seconds}. */
    static void eventually(int seconds, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + seconds + " s");
            }
            Thread.onSpinWait();
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
    }

    static ObjectNode json(String singleQuoted) {
        try {
            return (ObjectNode) MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }

    ObjectNode call(String operation, String request) {
        return engine.call(Engine.DYNAMODB, operation, json(request));
    }

    ObjectNode streams(String operation, String request) {
        return engine.call(Engine.STREAMS, operation, json(request));
    }

    ObjectNode streams(String operation, ObjectNode request) {
        return engine.call(Engine.STREAMS, operation, request);
    }

    ApiException fails(String operation, String request) {
        ApiException[] caught = new ApiException[1];
        assertThatThrownBy(() -> call(operation, request))
                .isInstanceOfSatisfying(ApiException.class, e -> caught[0] = e);
        return caught[0];
    }

    /** A table {@code name} with key pk (S) and sk (S), on demand, with a NEW_AND_OLD_IMAGES stream. */
    void createTable(String name) {
        call(
                "CreateTable",
                "{'TableName':'" + name + "','BillingMode':'PAY_PER_REQUEST',"
                        + "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                        + "{'AttributeName':'sk','AttributeType':'S'},{'AttributeName':'gsi1pk','AttributeType':'S'},"
                        + "{'AttributeName':'gsi1sk','AttributeType':'S'}],"
                        + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                        + "'GlobalSecondaryIndexes':[{'IndexName':'gsi1','KeySchema':[{'AttributeName':'gsi1pk',"
                        + "'KeyType':'HASH'},{'AttributeName':'gsi1sk','KeyType':'RANGE'}],"
                        + "'Projection':{'ProjectionType':'ALL'}}],"
                        + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_AND_OLD_IMAGES'}}");
    }

    void put(String table, String item) {
        call("PutItem", "{'TableName':'" + table + "','Item':" + item + "}");
    }

    /** A clock tests move forward. */
    static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant start) {
            this.now = start;
        }

        void advanceMillis(long millis) {
            now = now.plusMillis(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
