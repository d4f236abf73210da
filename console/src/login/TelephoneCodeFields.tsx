import { TextInput } from 'react-admin';
import { fieldProps } from './fieldProps';
import { SmsCodeInput } from './SmsCodeInput';
import { telephoneAvailable, telephoneRegistered, validateTelephone } from './validators';

// SPEC §5: a valid number; on registration one without an account, on reset (and binding) one with an account.
const TELEPHONE_RULES = {
  any: validateTelephone,
  available: [validateTelephone, telephoneAvailable],
  registered: [validateTelephone, telephoneRegistered],
};

interface TelephoneCodeFieldsProps {
  /** The call that sends the code, e.g. 'user/sendRegisterCode', with its SPEC §9 smsType. */
  call: string;
  smsType: number;
  /** Whether the number must already have an account ('registered') or must not ('available'). */
  account?: keyof typeof TELEPHONE_RULES;
  label?: string;
  /** The body key the call reads the number from (see SmsCodeInput). */
  telephoneKey?: 'username' | 'telephone';
}

/** A telephone number and the SMS code sent to it: the sign-in, registration, reset, binding and change forms. */
export const TelephoneCodeFields = ({
  call,
  smsType,
  account = 'any',
  label = 'app.register.telephone',
  telephoneKey,
}: TelephoneCodeFieldsProps) => (
  <>
    <TextInput
      {...fieldProps}
      source="telephone"
      label={label}
      validate={TELEPHONE_RULES[account]}
      autoComplete="tel"
      inputProps={{ inputMode: 'tel' }}
    />
    <SmsCodeInput call={call} smsType={smsType} telephoneKey={telephoneKey} />
  </>
);
