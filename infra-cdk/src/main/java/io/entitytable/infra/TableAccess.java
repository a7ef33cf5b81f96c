package io.entitytable.infra;

import io.entitytable.model.Keys;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.services.iam.IRole;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * The table permissions of each function, written out action by action instead of {@code grantReadWriteData}, which
 * would also allow Scan and BatchWriteItem.
 *
 * <p>"The API writes core items only; only the fan-out writes duplicates" ({@code docs/design.md}, "Writes and the
 * fan-out") is enforced by IAM too. Core items
 * live in partitions named by a bare ULID, which never contains {@link Keys#SEPARATOR}; every duplicate lives in a
 * partition that does ({@code customer#<id>}, {@code store#<id>}, {@code tag#<t>}). The {@code dynamodb:LeadingKeys}
 * condition key is the partition key of the item a write touches, so a {@code StringLike} pattern on the separator
 * tells the two apart: the API may write only where the partition key has no separator, the fan-out only where it has
 * one. Transactions are authorized item by item with the same item actions, so they are covered as well.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html">
 *     Fine-grained access control</a>
 */
public final class TableAccess {
    /** Reads by key, by key condition, and the condition check inside a transaction. Never Scan. */
    public static final List<String> READ_ACTIONS =
            List.of("dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem");

    /** Single-item writes; TransactWriteItems is authorized through these, one item at a time. */
    public static final List<String> WRITE_ACTIONS =
            List.of("dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem");

    public static final String LEADING_KEYS = "dynamodb:LeadingKeys";

    /** A partition key that contains the key separator: a duplicate's partition. */
    public static final String DUPLICATE_PARTITION = "*" + Keys.SEPARATOR + "*";

    private TableAccess() {}

    /** The API: reads everything, writes core items only. */
    public static void grantApi(IRole role, EntityDynamoTable table) {
        role.addToPrincipalPolicy(read(table));
        role.addToPrincipalPolicy(write(table, "ForAllValues:StringNotLike"));
    }

    /** The fan-out: reads everything (sources and existing copies), writes duplicates only. */
    public static void grantFanout(IRole role, EntityDynamoTable table) {
        role.addToPrincipalPolicy(read(table));
        role.addToPrincipalPolicy(write(table, "ForAllValues:StringLike"));
    }

    private static PolicyStatement read(EntityDynamoTable table) {
        return PolicyStatement.Builder.create()
                .sid("ReadTableAndIndexes")
                .actions(READ_ACTIONS)
                .resources(table.tableAndIndexArns())
                .build();
    }

    private static PolicyStatement write(EntityDynamoTable table, String operator) {
        return PolicyStatement.Builder.create()
                .sid("WriteOwnPartitionsOnly")
                .actions(WRITE_ACTIONS)
                .resources(List.of(table.table().getTableArn()))
                .conditions(Map.of(operator, Map.of(LEADING_KEYS, List.of(DUPLICATE_PARTITION))))
                .build();
    }
}
