package io.entitytable.local.pump;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@link DynamodbEvent} to and from the JSON Lambda sends, with AWS's own event serializer (the one the Java runtime
 * uses), not plain Jackson: plain Jackson silently loses the records.
 */
public final class DynamodbEventJson {
    private static final PojoSerializer<DynamodbEvent> SERIALIZER =
            LambdaEventSerializers.serializerFor(DynamodbEvent.class, DynamodbEventJson.class.getClassLoader());

    private DynamodbEventJson() {}

    public static String write(List<DynamodbEvent.DynamodbStreamRecord> records) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records);
        return write(event);
    }

    public static String write(DynamodbEvent event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SERIALIZER.toJson(event, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    public static DynamodbEvent read(String json) {
        return SERIALIZER.fromJson(json);
    }
}
