package io.entitytable.local.engine.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** Every stream the engine holds, by ARN, including those of disabled streams and deleted tables until they expire. */
public final class Streams {
    private final ConcurrentHashMap<String, Stream> byArn = new ConcurrentHashMap<>();

    public Stream get(String arn) {
        return byArn.get(arn);
    }

    public void add(Stream stream) {
        byArn.put(stream.info().arn(), stream);
    }

    public void remove(String arn) {
        byArn.remove(arn);
    }

    /** All streams, or a table's, in order of creation. */
    public List<Stream> list(String tableName) {
        List<Stream> streams = new ArrayList<>();
        for (Stream stream : byArn.values()) {
            if (tableName == null || stream.tableName().equals(tableName)) {
                streams.add(stream);
            }
        }
        streams.sort((a, b) -> {
            int c = a.tableName().compareTo(b.tableName());
            return c != 0 ? c : Long.compare(a.info().createdMillis(), b.info().createdMillis());
        });
        return streams;
    }

    public List<Stream> all() {
        return list(null);
    }
}
