package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.DeclaredItem;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class TenantExportPagingTest {

    @Test
    void export_shouldReadByQueryPagesAndWriteEachPageAsItIsRead_whenTheBusinessHasThousandsOfItems()
            throws IOException {
        // GIVEN a business of 3,061 items: 60 stores, 1,500 customers, 500 orders of 2 lines
        String table = SharedLocalDynamoDb.newTable("paging");
        DeclaredItem business = new TenantFixture(SharedLocalDynamoDb.client(), table)
                .bulk(SharedLocalDynamoDb.client(), 60, 1500, 500, 2);
        // An export reads businessGsi, which the engine keeps behind the table as DynamoDB does; it is taken while the
        // business is quiet (design §9), so its last writes have reached the index.
        SharedLocalDynamoDb.awaitIndexesCaughtUp();
        Calls calls = new Calls();
        LineLog written = new LineLog(calls);

        // WHEN exported through a client that logs every call, into a writer that keeps nothing
        Transferred transferred;
        try (DynamoDbClient dynamo = SharedLocalDynamoDb.client(calls)) {
            transferred = new TenantExport(dynamo, table, Optional.empty()).run(business.id(), written);
        }

        // THEN every subject and line is out, read by Query (never a Scan), a page of at most PAGE_SIZE items at a time
        assertThat(transferred.tally().items()).isEqualTo(1 + 60 + 1500 + 500 * 3);
        assertThat(written.lines()).isEqualTo(1 + 1 + 60 + 1500 + 500 + 1);
        Map<String, Long> byOperation = calls.byOperation();
        assertThat(byOperation).doesNotContainKey("Scan");
        assertThat(byOperation.keySet()).containsOnly("GetItem", "Query", "BatchGetItem");
        assertThat(byOperation.get("Query")).isGreaterThanOrEqualTo((60 + 1500 + 500) / TenantExport.PAGE_SIZE);
        assertThat(calls.queryLimits()).containsOnly(TenantExport.PAGE_SIZE);
        // 1,000 lines, 100 keys a BatchGetItem
        assertThat(byOperation.get("BatchGetItem")).isGreaterThanOrEqualTo(10);

        // THEN lines leave as their page is read: no more than one page is ever written between two reads, and all
        // but the last page were out before the last read
        assertThat(written.mostLinesBetweenReads()).isBetween(1, TenantExport.PAGE_SIZE + 2);
        assertThat(written.linesWrittenBeforeCall(calls.count()))
                .isGreaterThanOrEqualTo(written.lines() - TenantExport.PAGE_SIZE - 1);
    }

    /** Every DynamoDB call the client makes, in order, and the page size of each Query. */
    static final class Calls implements ExecutionInterceptor {
        private final List<String> operations = Collections.synchronizedList(new ArrayList<>());
        private final List<Integer> queryLimits = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            SdkRequest request = context.request();
            String name = request.getClass().getSimpleName();
            operations.add(name.substring(0, name.length() - "Request".length()));
            if (request instanceof QueryRequest query) {
                queryLimits.add(query.limit());
            }
        }

        int count() {
            return operations.size();
        }

        Map<String, Long> byOperation() {
            Map<String, Long> counts = new TreeMap<>();
            synchronized (operations) {
                operations.forEach(operation -> counts.merge(operation, 1L, Long::sum));
            }
            return counts;
        }

        List<Integer> queryLimits() {
            return List.copyOf(queryLimits);
        }
    }

    /** A writer that keeps no text: for each line, how many calls the client had made when it was written. */
    static final class LineLog extends Writer {
        private final Calls calls;
        private final List<Integer> callsAtLine = new ArrayList<>();

        LineLog(Calls calls) {
            this.calls = calls;
        }

        @Override
        public void write(char[] text, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                if (text[i] == '\n') {
                    callsAtLine.add(calls.count());
                }
            }
        }

        @Override
        public void write(int c) {
            if (c == '\n') {
                callsAtLine.add(calls.count());
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}

        int lines() {
            return callsAtLine.size();
        }

        /** The most lines written while the client's call count stood still. */
        int mostLinesBetweenReads() {
            Map<Integer, Integer> linesAt = new TreeMap<>();
            callsAtLine.forEach(count -> linesAt.merge(count, 1, Integer::sum));
            return linesAt.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }

        /** How many lines were out before the client's {@code call}-th call (1-based) began. */
        int linesWrittenBeforeCall(int call) {
            return (int) callsAtLine.stream().filter(count -> count < call).count();
        }
    }
}
