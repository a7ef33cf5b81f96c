package io.entitytable.queue;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Keys;

/**
 * The body of a message on the refresh queue (see table-model's RefreshJob). Three kinds, told apart by which fields
 * are set:
 *
 * <ul>
 *   <li>a <b>segment</b> of a pass ({@code pass}, {@code segment}, {@code segments}, {@code from}, {@code to} and,
 *       for a continuation, {@code cursor}): refresh the copies whose sort keys in the subject's edge partition are in
 *       {@code [from, to)}, after {@code cursor};
 *   <li>an <b>unlink</b> ({@code unlinkCustomer}): the customer named the subject, a store, which is gone;
 *   <li>a <b>restart</b> ({@code restart = true}): start a new pass of the subject's job whatever its state (sent by
 *       {@code table-verify repair} for a stopped job); for a business, send its erase's running segments again;
 *   <li>an <b>erase segment</b> of a business ({@code pass} as the erase's round, {@code segment}, {@code segments},
 *       {@code phase} and, for a continuation, {@code cursor}): delete the business's children of the phase that
 *       businessGsi holds in write shard {@code segment}, after {@code cursor} (see table-model's EraseJob).
 * </ul>
 *
 * @param subject {@code <entity>#<id>} of the subject
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RefreshMessage(
        String subject,
        Long pass,
        Integer segment,
        Integer segments,
        String from,
        String to,
        String cursor,
        String unlinkCustomer,
        Boolean restart,
        String phase) {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public static RefreshMessage segment(String subject, long pass, int segment, int segments, String from, String to) {
        return new RefreshMessage(subject, pass, segment, segments, from, to, null, null, null, null);
    }

    /** Segment {@code segment} of phase {@code phase} of round {@code round} of the erase of {@code business}. */
    public static RefreshMessage eraseSegment(String business, long round, int segment, int segments, String phase) {
        return new RefreshMessage(business, round, segment, segments, null, null, null, null, null, phase);
    }

    public static RefreshMessage unlink(String subject, String customerId) {
        return new RefreshMessage(subject, null, null, null, null, null, null, customerId, null, null);
    }

    public static RefreshMessage restartOf(String subject) {
        return new RefreshMessage(subject, null, null, null, null, null, null, null, true, null);
    }

    /** The same segment, to go on after {@code lastDone}. */
    public RefreshMessage continuingAfter(String lastDone) {
        return new RefreshMessage(subject, pass, segment, segments, from, to, lastDone, null, null, phase);
    }

    @JsonIgnore
    public boolean isSegment() {
        return pass != null && segment != null && segments != null && from != null && to != null;
    }

    @JsonIgnore
    public boolean isEraseSegment() {
        return pass != null && segment != null && segments != null && phase != null;
    }

    @JsonIgnore
    public boolean isUnlink() {
        return unlinkCustomer != null;
    }

    @JsonIgnore
    public boolean isRestart() {
        return Boolean.TRUE.equals(restart);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses a body; an unreadable one is an {@link IllegalArgumentException}. */
    public static RefreshMessage fromJson(String body) {
        try {
            RefreshMessage message = JSON.readValue(body, RefreshMessage.class);
            if (message.subject() == null
                    || Keys.parseSubjectRef(message.subject()).isEmpty()
                    || !(message.isSegment()
                            || message.isEraseSegment()
                            || message.isUnlink()
                            || message.isRestart())) {
                throw new IllegalArgumentException("not a refresh message: " + body);
            }
            return message;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a refresh message: " + body, e);
        }
    }
}
