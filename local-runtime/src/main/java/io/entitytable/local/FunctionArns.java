package io.entitytable.local;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;

/** The ARN a function would have in the local "account", as DynamoDB Local uses account 000000000000. */
final class FunctionArns {
    private FunctionArns() {}

    static String of(FunctionDefinition function) {
        return "arn:aws:lambda:" + LocalDynamoDb.REGION.id() + ":000000000000:function:" + function.name();
    }
}
