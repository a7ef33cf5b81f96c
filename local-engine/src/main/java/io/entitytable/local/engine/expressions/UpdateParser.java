package io.entitytable.local.engine.expressions;

/** Parses an update expression. */
final class UpdateParser extends TokenCursor {
    UpdateParser(String text, RequestAttributes attributes) {
        super(text, ExpressionKind.UPDATE, attributes);
    }

    Update parse() {
        throw new UnsupportedOperationException("not yet");
    }
}
