package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Numbers;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Base64;

/** A value as DynamoDB quotes it in an expression's error message: {@code AttributeValue: {N:5}}. */
final class ValueText {
    private ValueText() {}

    static String of(Value value) {
        String content;
        if (value instanceof Value.Str s) {
            content = s.value();
        } else if (value instanceof Value.Num n) {
            content = Numbers.print(n.value());
        } else if (value instanceof Value.Bin b) {
            content = Base64.getEncoder().encodeToString(b.bytes());
        } else {
            content = ValueJson.write(value).get(value.type()).toString();
        }
        return "AttributeValue: {" + value.type() + ":" + content + "}";
    }
}
