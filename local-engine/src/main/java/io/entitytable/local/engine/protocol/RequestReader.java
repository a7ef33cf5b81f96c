package io.entitytable.local.engine.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads HTTP/1.1 requests one after the other from a connection: the head (at most {@value #MAX_HEAD_BYTES} bytes),
 * then a body of {@code Content-Length} bytes. Bytes read past a request (a pipelined next one) stay for the next
 * call. Chunked bodies are refused: the SDK's clients always send {@code Content-Length}.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9112">RFC 9112, HTTP/1.1</a>
 */
final class RequestReader {
    /** Far above what the SDK sends (under 2 KiB), small enough that a connection's buffer stays cheap. */
    static final int MAX_HEAD_BYTES = 16 * 1024;

    /** Far above DynamoDB's own limits (16 MB for a BatchWriteItem), so that the engine, not HTTP, refuses. */
    static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

    private static final byte[] NO_BODY = new byte[0];

    private final InputStream in;
    private final ReadHook beforeRead;
    private final byte[] buffer = new byte[MAX_HEAD_BYTES];
    private int start;
    private int end;

    /** Called before each blocking read of the socket. */
    @FunctionalInterface
    interface ReadHook {
        void beforeRead() throws IOException;
    }

    RequestReader(InputStream in, ReadHook beforeRead) {
        this.in = in;
        this.beforeRead = beforeRead;
    }

    /**
     * The next request's head; null when the client closed the connection between requests.
     *
     * @throws MalformedRequest when the head is not HTTP/1.x, too long, or announces a body this server does not read
     * @throws IOException when the connection fails or closes in the middle of a head
     */
    RequestHead readHead() throws IOException, MalformedRequest {
        int headEnd = findHeadEnd();
        if (headEnd < 0) {
            return null;
        }
        int lineStart = start;
        int lineEnd = lineEnd(lineStart, headEnd);
        String requestLine = latin1(lineStart, lineEnd);
        Map<String, String> headers = new HashMap<>();
        for (lineStart = next(lineEnd); lineStart < headEnd; lineStart = next(lineEnd)) {
            lineEnd = lineEnd(lineStart, headEnd);
            if (lineEnd == lineStart) {
                break;
            }
            addHeader(headers, lineStart, lineEnd);
        }
        start = headEnd;
        return head(requestLine, headers);
    }

    /** Whether {@code length} bytes of body are already read (no need to ask the client for them). */
    boolean hasBuffered(int length) {
        return end - start >= length;
    }

    /** The body that follows the head just read. */
    byte[] readBody(int length) throws IOException {
        if (length == 0) {
            return NO_BODY;
        }
        byte[] body = new byte[length];
        int buffered = Math.min(length, end - start);
        System.arraycopy(buffer, start, body, 0, buffered);
        start += buffered;
        for (int read = buffered; read < length; ) {
            beforeRead.beforeRead();
            int count = in.read(body, read, length - read);
            if (count < 0) {
                throw new EOFException("connection closed in the middle of a request body");
            }
            read += count;
        }
        return body;
    }

    /** The index just past the blank line that ends the head; -1 when the connection closed before a request. */
    private int findHeadEnd() throws IOException, MalformedRequest {
        int scanned = start;
        while (true) {
            // Blank lines before a request line are allowed (RFC 9112, section 2.2).
            while (start < end && (buffer[start] == '\r' || buffer[start] == '\n')) {
                start++;
            }
            scanned = Math.max(scanned, start);
            for (; scanned < end; scanned++) {
                if (buffer[scanned] == '\n') {
                    int after = scanned + 1;
                    if (after < end && buffer[after] == '\n') {
                        return after + 1;
                    }
                    if (after + 1 < end && buffer[after] == '\r' && buffer[after + 1] == '\n') {
                        return after + 2;
                    }
                    if (after >= end || (after + 1 >= end && buffer[after] == '\r')) {
                        break; // the end of the head may be in bytes not read yet
                    }
                }
            }
            if (start > 0 && end == buffer.length) {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                scanned -= start;
                end -= start;
                start = 0;
            }
            if (end == buffer.length) {
                throw new MalformedRequest(431, "The request's head exceeds " + MAX_HEAD_BYTES + " bytes.");
            }
            if (start == end) {
                start = 0;
                end = 0;
                scanned = 0;
            }
            beforeRead.beforeRead();
            int count = in.read(buffer, end, buffer.length - end);
            if (count < 0) {
                if (start == end) {
                    return -1;
                }
                throw new EOFException("connection closed in the middle of a request head");
            }
            end += count;
        }
    }

    /** The end of the line from {@code from}, without its CR LF (or bare LF). */
    private int lineEnd(int from, int limit) {
        int i = from;
        while (i < limit && buffer[i] != '\n') {
            i++;
        }
        return i > from && buffer[i - 1] == '\r' ? i - 1 : i;
    }

    /** The start of the line after the one ending at {@code lineEnd}. */
    private int next(int lineEnd) {
        return buffer[lineEnd] == '\r' ? lineEnd + 2 : lineEnd + 1;
    }

    private String latin1(int from, int to) {
        return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private void addHeader(Map<String, String> headers, int from, int to) throws MalformedRequest {
        if (buffer[from] == ' ' || buffer[from] == '\t') {
            throw new MalformedRequest(400, "Folded header lines are not accepted.");
        }
        int colon = from;
        while (colon < to && buffer[colon] != ':') {
            if (!isTokenChar(buffer[colon])) {
                throw new MalformedRequest(400, "Malformed header line.");
            }
            colon++;
        }
        if (colon == to || colon == from) {
            throw new MalformedRequest(400, "Malformed header line.");
        }
        int valueStart = colon + 1;
        int valueEnd = to;
        while (valueStart < valueEnd && isBlank(buffer[valueStart])) {
            valueStart++;
        }
        while (valueEnd > valueStart && isBlank(buffer[valueEnd - 1])) {
            valueEnd--;
        }
        String name = latin1(from, colon).toLowerCase(Locale.ROOT);
        String value = latin1(valueStart, valueEnd);
        String earlier = headers.putIfAbsent(name, value);
        if (earlier != null) {
            if (name.equals("host") || (name.equals("content-length") && !earlier.equals(value))) {
                throw new MalformedRequest(400, "Conflicting " + name + " headers.");
            }
            headers.put(name, earlier + ", " + value);
        }
    }

    private static RequestHead head(String requestLine, Map<String, String> headers) throws MalformedRequest {
        int firstSpace = requestLine.indexOf(' ');
        int lastSpace = requestLine.lastIndexOf(' ');
        if (firstSpace <= 0 || lastSpace == firstSpace) {
            throw new MalformedRequest(400, "Malformed request line.");
        }
        String method = requestLine.substring(0, firstSpace);
        for (int i = 0; i < method.length(); i++) {
            if (!isTokenChar((byte) method.charAt(i))) {
                throw new MalformedRequest(400, "Malformed request line.");
            }
        }
        String target = requestLine.substring(firstSpace + 1, lastSpace);
        if (target.isEmpty() || target.indexOf(' ') >= 0) {
            throw new MalformedRequest(400, "Malformed request line.");
        }
        String version = requestLine.substring(lastSpace + 1);
        boolean http10 = version.equals("HTTP/1.0");
        if (!http10 && !version.equals("HTTP/1.1")) {
            throw version.startsWith("HTTP/")
                    ? new MalformedRequest(505, "Only HTTP/1.1 is served.")
                    : new MalformedRequest(400, "Malformed request line.");
        }
        if (headers.containsKey("transfer-encoding")) {
            throw new MalformedRequest(411, "Send the body with a Content-Length; chunked bodies are not read.");
        }
        int contentLength = contentLength(headers.get("content-length"));
        String connection = headers.get("connection");
        boolean keepAlive = http10 ? hasToken(connection, "keep-alive") : !hasToken(connection, "close");
        String expect = headers.get("expect");
        boolean expectsContinue = !http10 && expect != null && expect.equalsIgnoreCase("100-continue");
        return new RequestHead(method, path(target), http10, headers, contentLength, keepAlive, expectsContinue);
    }

    /** No {@code Content-Length}: no body (RFC 9112, section 6.3). */
    private static int contentLength(String header) throws MalformedRequest {
        if (header == null) {
            return 0;
        }
        if (header.isEmpty() || header.length() > 10) {
            throw new MalformedRequest(400, "Malformed Content-Length.");
        }
        long length = 0;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c < '0' || c > '9') {
                throw new MalformedRequest(400, "Malformed Content-Length.");
            }
            length = length * 10 + (c - '0');
        }
        if (length > MAX_BODY_BYTES) {
            throw new MalformedRequest(413, "The request's body exceeds " + MAX_BODY_BYTES + " bytes.");
        }
        return (int) length;
    }

    /** The path of an origin-form ({@code /x?y}) or absolute-form ({@code http://host/x}) target. */
    private static String path(String target) {
        int from = 0;
        if (target.charAt(0) != '/') {
            int scheme = target.indexOf("://");
            if (scheme < 0) {
                return target; // "*" of OPTIONS, or nonsense: no path of this server
            }
            from = target.indexOf('/', scheme + 3);
            if (from < 0) {
                return "/";
            }
        }
        int query = target.indexOf('?', from);
        return target.substring(from, query < 0 ? target.length() : query);
    }

    /** Whether the comma-separated {@code header} holds {@code token} (case-insensitive). */
    private static boolean hasToken(String header, String token) {
        if (header == null) {
            return false;
        }
        for (int from = 0; from <= header.length(); ) {
            int comma = header.indexOf(',', from);
            int to = comma < 0 ? header.length() : comma;
            if (header.substring(from, to).trim().equalsIgnoreCase(token)) {
                return true;
            }
            from = to + 1;
        }
        return false;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t';
    }

    /** RFC 9110's {@code tchar}: what a method or a header name is made of. */
    private static boolean isTokenChar(byte b) {
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')) {
            return true;
        }
        return b > 0 && "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
    }
}
