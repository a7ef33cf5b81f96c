"""A boto3 client's round trip through a DynamoDB endpoint, for the conformance suite.

Usage: python3 boto3_conformance.py <endpoint-url> <table-name> <region>

Creates the table (with a NEW_AND_OLD_IMAGES stream), waits for it, puts, gets, queries, updates with an
expression, runs a transaction, reads the stream with GetRecords, deletes the table, and prints one JSON summary
of what each step answered. Credentials come from the environment.
"""
import json
import sys
import time

import boto3
from botocore.exceptions import ClientError


def main():
    endpoint, table, region = sys.argv[1], sys.argv[2], sys.argv[3]
    dynamo = boto3.client("dynamodb", endpoint_url=endpoint, region_name=region)
    streams = boto3.client("dynamodbstreams", endpoint_url=endpoint, region_name=region)
    summary = {}

    created = dynamo.create_table(
        TableName=table,
        AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "N"},
        ],
        KeySchema=[
            {"AttributeName": "pk", "KeyType": "HASH"},
            {"AttributeName": "sk", "KeyType": "RANGE"},
        ],
        BillingMode="PAY_PER_REQUEST",
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )["TableDescription"]
    summary["createdName"] = created["TableName"]
    stream_arn = created["LatestStreamArn"]
    dynamo.get_waiter("table_exists").wait(
        TableName=table, WaiterConfig={"Delay": 1, "MaxAttempts": 600})
    summary["status"] = dynamo.describe_table(TableName=table)["Table"]["TableStatus"]

    try:
        for sk in (1, 2, 3):
            dynamo.put_item(
                TableName=table,
                Item={"pk": {"S": "p"}, "sk": {"N": str(sk)}, "n": {"N": str(sk * 10)}, "b": {"B": b"\x01\x02"}},
            )
        got = dynamo.get_item(TableName=table, Key={"pk": {"S": "p"}, "sk": {"N": "2"}}, ConsistentRead=True)
        summary["getN"] = got["Item"]["n"]["N"]
        summary["getBinary"] = list(got["Item"]["b"]["B"])

        queried = dynamo.query(
            TableName=table,
            KeyConditionExpression="pk = :p AND sk BETWEEN :lo AND :hi",
            ExpressionAttributeValues={":p": {"S": "p"}, ":lo": {"N": "2"}, ":hi": {"N": "3"}},
            ScanIndexForward=False,
        )
        summary["querySks"] = [item["sk"]["N"] for item in queried["Items"]]

        updated = dynamo.update_item(
            TableName=table,
            Key={"pk": {"S": "p"}, "sk": {"N": "1"}},
            UpdateExpression="SET n = n + :d, #l = list_append(if_not_exists(#l, :empty), :more)",
            ExpressionAttributeNames={"#l": "log"},
            ExpressionAttributeValues={
                ":d": {"N": "5"}, ":empty": {"L": []}, ":more": {"L": [{"S": "first"}]}},
            ReturnValues="UPDATED_NEW",
        )
        summary["updatedN"] = updated["Attributes"]["n"]["N"]
        summary["updatedLog"] = [value["S"] for value in updated["Attributes"]["log"]["L"]]

        try:
            dynamo.transact_write_items(TransactItems=[
                {"Put": {"TableName": table, "Item": {"pk": {"S": "q"}, "sk": {"N": "1"}}}},
                {"ConditionCheck": {
                    "TableName": table, "Key": {"pk": {"S": "p"}, "sk": {"N": "2"}},
                    "ConditionExpression": "n = :wrong", "ExpressionAttributeValues": {":wrong": {"N": "0"}}}},
            ])
            summary["cancelReasons"] = None
        except ClientError as error:
            summary["cancelCode"] = error.response["Error"]["Code"]
            summary["cancelReasons"] = [reason["Code"] for reason in error.response.get("CancellationReasons", [])]

        dynamo.transact_write_items(TransactItems=[
            {"Put": {"TableName": table, "Item": {"pk": {"S": "q"}, "sk": {"N": "1"}}}},
            {"Delete": {"TableName": table, "Key": {"pk": {"S": "p"}, "sk": {"N": "3"}}}},
        ])
        remaining = dynamo.scan(TableName=table, ConsistentRead=True)["Items"]
        summary["afterTransaction"] = sorted(item["pk"]["S"] + item["sk"]["N"] for item in remaining)

        summary["streamEvents"] = read_stream(streams, stream_arn, 6)
    finally:
        dynamo.delete_table(TableName=table)
    dynamo.get_waiter("table_not_exists").wait(
        TableName=table, WaiterConfig={"Delay": 1, "MaxAttempts": 600})
    try:
        dynamo.describe_table(TableName=table)
        summary["deleted"] = False
    except ClientError as error:
        summary["deleted"] = error.response["Error"]["Code"] == "ResourceNotFoundException"

    print(json.dumps(summary))


def read_stream(streams, stream_arn, expected, deadline_seconds=600):
    """The stream's event names, read from TRIM_HORIZON of every shard, once there are `expected` of them."""
    deadline = time.monotonic() + deadline_seconds
    pause = 0.02
    while True:
        events = []
        shards = streams.describe_stream(StreamArn=stream_arn)["StreamDescription"]["Shards"]
        for shard in shards:
            iterator = streams.get_shard_iterator(
                StreamArn=stream_arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            empty = 0
            while iterator and empty < 3:
                page = streams.get_records(ShardIterator=iterator)
                events.extend(record["eventName"] for record in page["Records"])
                empty = empty + 1 if not page["Records"] else 0
                iterator = page.get("NextShardIterator")
        if len(events) >= expected or time.monotonic() > deadline:
            return events
        time.sleep(pause)
        pause = min(1.0, pause * 2)


if __name__ == "__main__":
    main()
