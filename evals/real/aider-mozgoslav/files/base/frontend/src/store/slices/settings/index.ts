export * from "./actions";
export * from "./selectors";
export * from "./types";
export {settingsReducer} from "./reducer";
export {watchSettingsSagas} from "./saga";
