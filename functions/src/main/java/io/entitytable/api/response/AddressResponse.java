package io.entitytable.api.response;

import io.entitytable.model.Address;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A postal address: a store's location, a customer's mailing address, an order's ship-to. */
@Schema(name = "Address")
public record AddressResponse(String street, String city, String state, String zip, String country) {

    /** Null for no address. */
    public static AddressResponse from(Address address) {
        if (address == null) {
            return null;
        }
        return new AddressResponse(address.street(), address.city(), address.state(), address.zip(), address.country());
    }
}
