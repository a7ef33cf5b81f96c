package io.entitytable.faultrun;

import io.entitytable.verify.DriftCheck;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What table-verify's drift detector found once the stream drained: the same code as {@code table-verify verify}, run
 * on the whole table (a Scan; this is a test harness, not a request path).
 *
 * @param driftByClass findings by drift class, every class listed (zero included)
 * @param examples the first findings, as verify prints them
 */
public record Verification(long coreItems, long duplicates, Map<String, Long> driftByClass, List<String> examples) {
    private static final int EXAMPLES_KEPT = 10;

    static Verification of(DynamoDbClient dynamo, String table) {
        DriftCheck check = DriftCheck.of(dynamo, table);
        List<String> findings = check.findings();
        return new Verification(
                check.coreItems(),
                check.duplicates().size(),
                check.countsByClass(),
                findings.subList(0, Math.min(EXAMPLES_KEPT, findings.size())));
    }

    public long items() {
        return coreItems + duplicates;
    }

    public long drift() {
        return driftByClass.values().stream().mapToLong(Long::longValue).sum();
    }

    public String summary() {
        return items() + " items (" + coreItems + " core, " + duplicates + " duplicates), drift " + drift() + " ("
                + driftByClass.entrySet().stream()
                        .map(entry -> entry.getKey() + " " + entry.getValue())
                        .collect(Collectors.joining(", "))
                + ")";
    }
}
