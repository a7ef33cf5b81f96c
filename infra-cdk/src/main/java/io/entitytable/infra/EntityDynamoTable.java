package io.entitytable.infra;

import io.entitytable.model.TableLayout;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.Billing;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexPropsV2;
import software.amazon.awscdk.services.dynamodb.ITableV2;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.TableAttributesV2;
import software.amazon.awscdk.services.dynamodb.TableV2;
import software.constructs.Construct;

/**
 * The {@code Entity} table, built from {@link TableLayout} (keys, indexes, projections, stream view) so the deployed
 * table is the one the API, the fan-out and the local bootstrap expect.
 *
 * <p>It is a {@link TableV2}, which CloudFormation creates as an {@code AWS::DynamoDB::GlobalTable} with one replica.
 * Chosen on purpose: it is the table construct the CDK recommends, and a replica in another region can later be added
 * in place, whereas turning an {@code AWS::DynamoDB::Table} into a global table means removing it from the stack and
 * importing it again. The cost: point-in-time recovery and deletion protection are per-replica config.
 *
 * @see <a href="https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_dynamodb.TableV2.html">TableV2</a>
 */
public final class EntityDynamoTable extends Construct {
    private final TableLayout layout;
    private final ITableV2 table;

    public EntityDynamoTable(Construct scope, String id, Props props) {
        super(scope, id);
        this.layout = props.layout();
        // A table that exists already (an online move's target, once the home table is retired) is used as it is: it
        // was created with this layout, and the stack's grants, triggers and alarms need only its name and stream.
        this.table = props.existingStreamArn().isPresent()
                ? TableV2.fromTableAttributes(
                        this,
                        "Table",
                        TableAttributesV2.builder()
                                .tableName(props.tableName())
                                .tableStreamArn(props.existingStreamArn().get())
                                .build())
                : created(props);
    }

    private TableV2 created(Props props) {
        return TableV2.Builder.create(this, "Table")
                .tableName(props.tableName())
                .partitionKey(stringAttribute(layout.partitionKey()))
                .sortKey(stringAttribute(layout.sortKey()))
                .globalSecondaryIndexes(
                        layout.indexes().stream().map(EntityDynamoTable::index).toList())
                .billing(Billing.onDemand())
                .dynamoStream(StreamViewType.valueOf(layout.streamView().name()))
                // Idempotency records carry it: DynamoDB deletes each some time after its 24 hours.
                .timeToLiveAttribute(TableLayout.TIME_TO_LIVE)
                .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder()
                        .pointInTimeRecoveryEnabled(true)
                        .build())
                .deletionProtection(props.deletionProtection())
                .removalPolicy(props.removalPolicy())
                .build();
    }

    public ITableV2 table() {
        return table;
    }

    /**
     * The table's ARN followed by the ARN of each of its indexes, named one by one rather than {@code index/*}: where
     * reads may run, and nothing more.
     */
    public List<String> tableAndIndexArns() {
        return Stream.concat(
                        Stream.of(table.getTableArn()),
                        layout.indexes().stream().map(index -> table.getTableArn() + "/index/" + index.name()))
                .toList();
    }

    private static GlobalSecondaryIndexPropsV2 index(TableLayout.IndexLayout index) {
        GlobalSecondaryIndexPropsV2.Builder builder = GlobalSecondaryIndexPropsV2.builder()
                .indexName(index.name())
                .partitionKey(stringAttribute(index.partitionKey()))
                .sortKey(stringAttribute(index.sortKey()))
                .projectionType(ProjectionType.valueOf(index.projectionType().name()));
        if (!index.nonKeyAttributes().isEmpty()) {
            builder.nonKeyAttributes(index.nonKeyAttributes());
        }
        return builder.build();
    }

    /** Every key attribute of the layout is a string (ids, types, gsi1 keys). */
    private static Attribute stringAttribute(String name) {
        return Attribute.builder().name(name).type(AttributeType.STRING).build();
    }

    /**
     * @param layout the table layout, normally {@link TableLayout#ENTITY}
     * @param tableName the physical table name
     * @param removalPolicy RETAIN for anything that holds real data
     * @param deletionProtection refuse DeleteTable, whatever the stack does
     * @param existingStreamArn the stream of the table when it exists already and the stack uses it as it is
     */
    public record Props(
            TableLayout layout,
            String tableName,
            RemovalPolicy removalPolicy,
            boolean deletionProtection,
            Optional<String> existingStreamArn) {
        public Props {
            Objects.requireNonNull(existingStreamArn, "existingStreamArn");
            Objects.requireNonNull(layout, "layout");
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(removalPolicy, "removalPolicy");
        }
    }
}
