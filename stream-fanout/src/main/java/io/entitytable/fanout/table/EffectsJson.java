package io.entitytable.fanout.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.fanout.table.CopyEffects.Effect;
import java.util.List;

/**
 * A log line's {@link LogField#EFFECTS}: a JSON array, written into one string field, listing at most {@link
 * LogLine#MAX_LISTED_KEYS} copy keys in all (the counts beside it are always whole).
 */
public final class EffectsJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ArrayNode entries = JsonNodeFactory.instance.arrayNode();
    private int listed;

    /** A new entry of the array, for the caller to fill. */
    public ObjectNode add() {
        return entries.addObject();
    }

    /** Puts {@code effects}' keys into {@code entry} as {@code written} and {@code deleted}, while the budget lasts. */
    public void putCopies(ObjectNode entry, List<Effect> effects) {
        ArrayNode written = entry.putArray("written");
        ArrayNode deleted = entry.putArray("deleted");
        for (Effect effect : effects) {
            if (listed == LogLine.MAX_LISTED_KEYS) {
                entry.put("unlisted", true);
                return;
            }
            (effect.deleted() ? deleted : written).add(effect.copy().toString());
            listed++;
        }
    }

    @Override
    public String toString() {
        try {
            return JSON.writeValueAsString(entries);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
