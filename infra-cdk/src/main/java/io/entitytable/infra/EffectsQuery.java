package io.entitytable.infra;

import io.entitytable.deployment.logs.LogQueries;
import java.util.List;
import software.amazon.awscdk.services.logs.ILogGroup;
import software.amazon.awscdk.services.logs.QueryDefinition;
import software.amazon.awscdk.services.logs.QueryString;
import software.constructs.Construct;

/**
 * The saved CloudWatch Logs Insights query that finds every effect of one write (docs/design.md §8, "Logs"): over the
 * log groups of the API, the fan-out, the refresh worker and the indexer, every line that names the write's request
 * id. Open it in the console under the stack's name, replace {@value LogQueries#REQUEST_ID_PLACEHOLDER} by the
 * {@code apigw-requestid} of the write's answer, and run it.
 */
final class EffectsQuery {
    private EffectsQuery() {}

    static QueryDefinition define(Construct scope, String stackName, List<ILogGroup> logGroups) {
        return QueryDefinition.Builder.create(scope, "EffectsOfAWriteQuery")
                .queryDefinitionName(stackName + "/" + LogQueries.EFFECTS_OF_A_WRITE_NAME)
                .queryString(QueryString.Builder.create()
                        .fields(LogQueries.EFFECTS_FIELDS)
                        .filterStatements(List.of(LogQueries.EFFECTS_FILTER))
                        .sort(LogQueries.EFFECTS_SORT)
                        .limit(LogQueries.EFFECTS_LIMIT)
                        .build())
                .logGroups(List.copyOf(logGroups))
                .build();
    }
}
