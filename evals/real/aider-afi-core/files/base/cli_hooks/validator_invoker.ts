// Invokes PoIValidator and MentorRegistry from afi-core
export const invokePoIValidator = () => {
  console.log("PoIValidator invoked.");
};

export const invokeMentorRegistry = () => {
  console.log("MentorRegistry registered.");
};
