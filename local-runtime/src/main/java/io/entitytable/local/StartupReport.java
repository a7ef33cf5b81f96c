package io.entitytable.local;

import java.time.Duration;

/**
 * How long the parts of the local system took to start.
 *
 * @param sqs the local SQS with its queues, or null when it did not start (no stream path)
 * @param search the search engine, until it answered, or null when it did not start
 * @param s3 the local S3 server with the archive's bucket, or null when it did not start
 */
public record StartupReport(
        Duration total,
        Duration dynamoDb,
        Duration table,
        boolean tableCreated,
        Duration sqs,
        Duration search,
        Duration s3) {
    static Builder builder() {
        return new Builder();
    }

    static final class Builder {
        private Duration total;
        private Duration dynamoDb;
        private Duration table;
        private boolean tableCreated;
        private Duration sqs;
        private Duration search;
        private Duration s3;

        void sqs(Duration value) {
            sqs = value;
        }

        void search(Duration value) {
            search = value;
        }

        void s3(Duration value) {
            s3 = value;
        }

        void total(Duration value) {
            total = value;
        }

        void dynamoDb(Duration value) {
            dynamoDb = value;
        }

        void table(Duration value, boolean created) {
            table = value;
            tableCreated = created;
        }

        StartupReport build() {
            return new StartupReport(total, dynamoDb, table, tableCreated, sqs, search, s3);
        }
    }
}
