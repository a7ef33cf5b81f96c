package io.entitytable.local.pump;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import java.nio.ByteBuffer;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Turns a record read with the SDK's DynamoDB Streams client into the record Lambda puts into a {@link DynamodbEvent}.
 * Hand-written because the only converter that exists ({@code aws-lambda-java-events-sdk-transformer}) goes the other
 * way, from Lambda events to SDK types.
 */
public final class LambdaStreamRecords {
    private LambdaStreamRecords() {}

    public static DynamodbEvent.DynamodbStreamRecord from(Record sdk, String streamArn) {
        DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventID(sdk.eventID());
        record.setEventName(sdk.eventNameAsString());
        record.setEventVersion(sdk.eventVersion());
        record.setEventSource(sdk.eventSource());
        record.setAwsRegion(sdk.awsRegion());
        record.setEventSourceARN(streamArn);
        if (sdk.userIdentity() != null) {
            record.setUserIdentity(new Identity()
                    .withPrincipalId(sdk.userIdentity().principalId())
                    .withType(sdk.userIdentity().type()));
        }
        software.amazon.awssdk.services.dynamodb.model.StreamRecord in = sdk.dynamodb();
        StreamRecord out = new StreamRecord();
        if (in.approximateCreationDateTime() != null) {
            out.setApproximateCreationDateTime(Date.from(in.approximateCreationDateTime()));
        }
        out.setSequenceNumber(in.sequenceNumber());
        out.setSizeBytes(in.sizeBytes());
        if (in.streamViewTypeAsString() != null) {
            out.setStreamViewType(StreamViewType.fromValue(in.streamViewTypeAsString()));
        }
        out.setKeys(item(in.keys(), in.hasKeys()));
        out.setNewImage(item(in.newImage(), in.hasNewImage()));
        out.setOldImage(item(in.oldImage(), in.hasOldImage()));
        record.setDynamodb(out);
        return record;
    }

    private static Map<String, AttributeValue> item(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item, boolean present) {
        if (!present) {
            return null;
        }
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        item.forEach((name, value) -> out.put(name, value(value)));
        return out;
    }

    static AttributeValue value(software.amazon.awssdk.services.dynamodb.model.AttributeValue in) {
        AttributeValue out = new AttributeValue();
        switch (in.type()) {
            case S -> out.setS(in.s());
            case N -> out.setN(in.n());
            case B -> out.setB(in.b().asByteBuffer());
            case SS -> out.setSS(in.ss());
            case NS -> out.setNS(in.ns());
            case BS -> out.setBS(bytes(in.bs()));
            case M -> out.setM(item(in.m(), true));
            case L -> out.setL(in.l().stream().map(LambdaStreamRecords::value).toList());
            case BOOL -> out.setBOOL(in.bool());
            case NUL -> out.setNULL(in.nul());
            default -> throw new IllegalArgumentException("Unsupported attribute value: " + in);
        }
        return out;
    }

    private static List<ByteBuffer> bytes(List<SdkBytes> values) {
        return values.stream().map(SdkBytes::asByteBuffer).toList();
    }
}
