package io.entitytable.local;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;

/** The ARN a function would have in the local "account" 000000000000, the one the local SQS's queue URLs name. */
final class FunctionArns {
    private FunctionArns() {}

    static String of(FunctionDefinition function) {
        return "arn:aws:lambda:" + LocalDynamoDb.REGION.id() + ":000000000000:function:" + function.name();
    }
}
