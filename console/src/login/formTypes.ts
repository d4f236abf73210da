/** SPEC §2.3 form types; 'bind' links the messaging-app account that scanned (SPEC §4 code 508) to a telephone. */
export type FormType = 'login' | 'register' | 'reset' | 'bind';

export const FORM_TYPES: readonly FormType[] = ['login', 'register', 'reset', 'bind'];

export interface FormSwitchProps {
  onSwitch: (type: FormType) => void;
}
