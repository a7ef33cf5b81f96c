package io.entitytable.local.engine.expressions;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses a projection expression: document paths separated by commas, none overlapping another.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ProjectionExpressions.html">
 *     Projection expressions</a>
 */
final class ProjectionParser extends TokenCursor {
    ProjectionParser(String text, RequestAttributes attributes) {
        super(text, ExpressionKind.PROJECTION, attributes);
    }

    Projection parse() {
        List<DocumentPath> paths = new ArrayList<>();
        paths.add(projected());
        while (at(Token.Type.COMMA)) {
            next();
            paths.add(projected());
        }
        expectEnd();
        PathOverlaps.check(paths, kind);
        return new PathProjection(paths);
    }

    private DocumentPath projected() {
        if (!at(Token.Type.NAME) && !at(Token.Type.NAME_PLACEHOLDER)) {
            throw syntaxError();
        }
        return path();
    }
}
