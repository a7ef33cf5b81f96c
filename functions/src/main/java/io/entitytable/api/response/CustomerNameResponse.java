package io.entitytable.api.response;

import io.entitytable.model.CustomerSnapshot;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The customer's name as it was when an order was placed. */
@Schema(name = "CustomerSnapshot")
public record CustomerNameResponse(String firstName, String lastName) {

    /** Null for no snapshot. */
    public static CustomerNameResponse from(CustomerSnapshot snapshot) {
        return snapshot == null ? null : new CustomerNameResponse(snapshot.firstName(), snapshot.lastName());
    }
}
