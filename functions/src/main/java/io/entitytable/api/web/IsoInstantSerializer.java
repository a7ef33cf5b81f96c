package io.entitytable.api.web;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.entitytable.model.IsoInstants;
import java.io.IOException;
import java.time.Instant;

/**
 * Writes instants as Jackson's own Java time module does here ({@link Instant#toString()}: ISO-8601, UTC), through the
 * model's fixed-format writer rather than the JDK's general-purpose formatter: every subject in a page carries two
 * instants, so their formatting is on the path of every list.
 */
final class IsoInstantSerializer extends StdSerializer<Instant> {
    IsoInstantSerializer() {
        super(Instant.class);
    }

    @Override
    public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
        generator.writeString(IsoInstants.format(value));
    }
}
