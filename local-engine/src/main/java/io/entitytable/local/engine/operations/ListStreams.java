package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.streams.Stream;
import java.util.List;

/**
 * ListStreams: every stream (enabled, or disabled but within its retention), or one table's.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_ListStreams.html">
 *     ListStreams</a>
 */
record ListStreams(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
        String tableName = Requests.string(request, "TableName");
        if (tableName != null) {
            Requests.tableName(tableName, "tableName");
        }
        int limit = Requests.limit(request, 100);
        String startArn = Requests.string(request, "ExclusiveStartStreamArn");
        List<Stream> streams = database.streams().list(tableName);
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode array = answer.putArray("Streams");
        boolean started = startArn == null;
        String last = null;
        for (Stream stream : streams) {
            if (!started) {
                started = stream.info().arn().equals(startArn);
                continue;
            }
            if (array.size() == limit) {
                answer.put("LastEvaluatedStreamArn", last);
                break;
            }
            array.addObject()
                    .put("StreamArn", stream.info().arn())
                    .put("TableName", stream.tableName())
                    .put("StreamLabel", stream.info().label());
            last = stream.info().arn();
        }
        return answer;
    }
}
